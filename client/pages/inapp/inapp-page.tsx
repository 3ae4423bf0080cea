export default function Page() {
  return <div className="container"><p>inapp</p></div>;
}
