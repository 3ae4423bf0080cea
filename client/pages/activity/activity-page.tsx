export default function Page() {
  return <div className="container"><p>activity</p></div>;
}
