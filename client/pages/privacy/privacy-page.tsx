export default function Page() {
  return <div className="container"><p>privacy</p></div>;
}
