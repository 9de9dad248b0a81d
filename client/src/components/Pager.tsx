import { Button, Flex, Text } from '@chakra-ui/react';

/** Previous / Next for a paginated list; nothing when everything fits on one page. */
export function Pager({ page, pageSize, total, onPage, label = 'Pages' }: { page: number; pageSize: number; total: number; onPage: (page: number) => void; label?: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Flex as="nav" aria-label={label} gap="3" align="center" justify="flex-end" mt="3">
      <Button size="sm" variant="outline" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </Button>
      <Text fontSize="sm">
        Page {page} of {pages}
      </Text>
      <Button size="sm" variant="outline" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        Next
      </Button>
    </Flex>
  );
}
