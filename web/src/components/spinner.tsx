// Busy indicator. (No 'loading' text in the catalogues yet, so it is announced through aria-busy.)
export function Spinner() {
  return (
    <div className="spinner" aria-busy="true">
      <span className="spinner-dot" />
    </div>
  );
}
