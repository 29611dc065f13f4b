// An optional picture on a page: the owner's logo, a Links avatar, a vCard photo, a menu item's photo. The page
// shows it small (4 to 7.5 rem), so the worker resizes it to PICTURE_SIDE before upload; a vCard photo is also
// written as a JPEG, which the .vcf embeds and every phone imports. Its own Remove takes it off the page.
import { VCARD_PHOTO_SIDE } from '../../shared/pages/files.ts';
import type { ImageOptions } from '../pageFiles/uploadedPageFile.ts';
import { FileField } from './FileField.tsx';

/** Three times the largest size a page shows a picture at (7.5 rem): sharp on any phone screen. */
const PICTURE_SIDE = 512;
const PICTURE: ImageOptions = { maxSide: PICTURE_SIDE };
const VCARD_PHOTO: ImageOptions = { maxSide: VCARD_PHOTO_SIDE, format: 'jpeg' };

interface PictureFieldProps {
  /** The form's image object: `logo`, `avatar`, `photo`, `sections.0.items.2.photo`. */
  name: string;
  label: string;
  /** The name of its Remove button: "Remove the logo". */
  removeLabel: string;
  /** A vCard photo: a JPEG, for the contact file. */
  contactPhoto?: boolean;
}

export function PictureField({ name, label, removeLabel, contactPhoto }: PictureFieldProps) {
  return (
    <FileField
      name={name}
      kind="image"
      label={label}
      errorName={`${name}.path`}
      removeLabel={removeLabel}
      image={contactPhoto ? VCARD_PHOTO : PICTURE}
      hint={
        contactPhoto
          ? `A JPEG, PNG or WebP image. It is saved as a JPEG of ${VCARD_PHOTO_SIDE} px at most, which phones import with the contact, without its location data.`
          : `A JPEG, PNG or WebP image. It is shown small, so it is resized to ${PICTURE_SIDE} px at most, without its location data.`
      }
    />
  );
}
