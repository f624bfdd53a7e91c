import { type Control, useController } from 'react-hook-form';
import { ImageInput } from './image-input.tsx';

/**
 * The tool's image: an uploaded picture or a link, set as the form's `img` value through its
 * controller.
 */
export function ToolImageField({
  control,
  className,
}: {
  control: Control<{ img: string }>;
  className?: string;
}) {
  const { field, fieldState } = useController({ control, name: 'img' });
  return (
    <ImageInput label="Image" className={className} error={fieldState.error?.message} {...field} />
  );
}
