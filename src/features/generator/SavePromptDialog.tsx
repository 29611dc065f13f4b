import { useNavigate } from 'react-router-dom';
import { Button, Dialog, List, Portal } from '@chakra-ui/react';

/** Spec §4: opens 1000 ms after a download on /create for signed-out visitors (a lazy chunk: see GeneratorPanel). */
export default function SavePromptDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Love your QR code? Save it!</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <List.Root gap="1" ps="5">
                <List.Item>Track every scan with analytics</List.Item>
                <List.Item>Edit the destination anytime without reprinting</List.Item>
                <List.Item>Manage all your QR codes in one dashboard</List.Item>
              </List.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Maybe Later
              </Button>
              <Button colorPalette="brand" onClick={() => navigate('/auth')}>
                Create Free Account
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
