export default function Page() {
  return <div className="container"><p>notice-detail</p></div>;
}
