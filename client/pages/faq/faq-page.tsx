export default function Page() {
  return <div className="container"><p>faq</p></div>;
}
