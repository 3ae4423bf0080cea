export default function Page() {
  return <div className="container"><p>mypage</p></div>;
}
