export default function Page() {
  return <div className="container"><p>service</p></div>;
}
