export default function Page() {
  return <div className="container"><p>terms</p></div>;
}
