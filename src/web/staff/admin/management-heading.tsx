/** The heading of an admin management card: its title and a line on what it holds, and the Add button. */
export function ManagementHeading({
  id,
  title,
  note,
  addLabel,
  onAdd,
}: {
  id: string;
  title: string;
  note: string;
  addLabel: string;
  onAdd: () => void;
}) {
  return (
    <div className="card-heading">
      <div>
        <h2 className="card-title" id={id}>
          {title}
        </h2>
        <p className="muted small">{note}</p>
      </div>
      <button type="button" className="button button-primary button-small" onClick={onAdd}>
        <span aria-hidden="true">+</span> {addLabel}
      </button>
    </div>
  );
}
