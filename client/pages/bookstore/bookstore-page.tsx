export default function Page() {
  return <div className="container"><p>bookstore</p></div>;
}
