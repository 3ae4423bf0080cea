export default function Page() {
  return <div className="container"><p>agree</p></div>;
}
