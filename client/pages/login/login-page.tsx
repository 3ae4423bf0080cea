export default function Page() {
  return <div className="container"><p>login</p></div>;
}
