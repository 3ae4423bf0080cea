export default function Page() {
  return <div className="container"><p>edu</p></div>;
}
