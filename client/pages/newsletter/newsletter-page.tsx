export default function Page() {
  return <div className="container"><p>newsletter</p></div>;
}
