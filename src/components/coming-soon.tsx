/** The placeholder of screens that are not built yet. */
import { Center, Text } from '@chakra-ui/react'

export function ComingSoon({ title }: { title?: string }) {
  return (
    <Center minH="60" p="6" flexDirection="column" gap="2">
      {title && (
        <Text as="h1" fontSize="2xl" fontWeight="semibold">
          {title}
        </Text>
      )}
      <Text color="fg.muted">Ez a képernyő hamarosan elérhető lesz.</Text>
    </Center>
  )
}
