export default function Page() {
  return <div className="container"><p>sso</p></div>;
}
