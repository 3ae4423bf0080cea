export default function Page() {
  return <div className="container"><p>book-search</p></div>;
}
