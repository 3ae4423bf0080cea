export default function Page() {
  return <div className="container"><p>notice-list</p></div>;
}
