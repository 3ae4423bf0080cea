export default function Page() {
  return <div className="container"><p>information</p></div>;
}
