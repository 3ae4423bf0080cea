export default function Page() {
  return <div className="container"><p>popular</p></div>;
}
