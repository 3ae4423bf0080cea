export default function Page() {
  return <div className="container"><p>challenge</p></div>;
}
