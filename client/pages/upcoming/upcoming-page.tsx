export default function Page() {
  return <div className="container"><p>upcoming</p></div>;
}
