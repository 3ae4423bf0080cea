export default function Page() {
  return <div className="container"><p>home</p></div>;
}
