export default function Page() {
  return <div className="container"><p>bookclub</p></div>;
}
