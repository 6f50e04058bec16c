// The user's picture: the uploaded photo, or the first letter of the name on a coloured circle.

export function Avatar({
  name,
  photo,
  size = 22,
  className,
}: {
  name: string;
  photo: string | null;
  size?: number;
  className?: string;
}) {
  const classes = ['avatar', className ?? ''].filter(Boolean).join(' ');
  if (photo) {
    return (
      <img
        src={photo}
        alt=""
        width={size}
        height={size}
        className={classes}
        style={{ width: size, height: size }}
      />
    );
  }
  const letter = (name.trim() || '?').slice(0, 1).toLocaleUpperCase('ru-RU');
  return (
    <span
      className={`${classes} avatar--letter`}
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.45) }}
    >
      {letter}
    </span>
  );
}
