/** The placeholder while a page's code loads (plain HTML: it shows before antd is loaded). */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-busy="true">
      <span className="spinner" />
    </div>
  );
}
