import { Button } from '@chakra-ui/react';
import { GoogleIcon } from './icons';

export function GoogleButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="button" variant="outline" w="full" size="lg" onClick={onClick}>
      <GoogleIcon />
      {label}
    </Button>
  );
}
