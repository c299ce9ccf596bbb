/**
 * A blocked domain's comment (issue 9, Pi-hole's anchor): a small dialog with one text field, saved with
 * PUT /proxy/block/comment; an empty comment removes it. The server trims and checks the length; the field says
 * how many characters are left and refuses past the limit before sending.
 */
import { Field, Input } from '@chakra-ui/react'
import { useState } from 'react'
import { COMMENT_MAX, PROXY_MESSAGES, normaliseComment, shownDomain } from '@contract/domain-name'
import { FormDialog } from '@/components/form-dialog'
import { notify } from '@/lib/notify'
import { commentErrorMessage, useSetDomainComment } from '../api/blocked-domains'

export interface CommentDialogProps {
  /** The domain whose comment is edited; null closes the dialog. */
  domain: string | null
  /** Its current comment ('' when none). */
  comment: string
  onClose: () => void
}

export function CommentDialog({ domain, comment, onClose }: CommentDialogProps) {
  return <CommentForm key={domain ?? ''} domain={domain} comment={comment} onClose={onClose} />
}

function CommentForm({ domain, comment, onClose }: CommentDialogProps) {
  const [text, setText] = useState(comment)
  const [error, setError] = useState<string | null>(null)
  const save = useSetDomainComment()

  const submit = () => {
    if (!domain || save.isPending) return
    const checked = normaliseComment(text)
    if (checked.error !== undefined) {
      setError(checked.error)
      return
    }
    setError(null)
    save.mutate(
      { domain, comment: checked.comment ?? '' },
      {
        onSuccess: () => {
          notify.success(PROXY_MESSAGES.commentSaved)
          onClose()
        },
        onError: (failure) => notify.error(commentErrorMessage(failure)),
      },
    )
  }

  return (
    <FormDialog
      open={domain !== null}
      title="Megjegyzés szerkesztése"
      description={domain ? shownDomain(domain) : undefined}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Mentés"
      busy={save.isPending}
    >
      <Field.Root invalid={error !== null}>
        <Field.Label>Megjegyzés</Field.Label>
        <Input
          value={text}
          maxLength={COMMENT_MAX * 2}
          placeholder="pl.: Közösségi oldal, tanórán tilos"
          onChange={(e) => {
            setText(e.target.value)
            setError(null)
          }}
        />
        {error ? (
          <Field.ErrorText>{error}</Field.ErrorText>
        ) : (
          <Field.HelperText>{`Legfeljebb ${COMMENT_MAX} karakter; üresen hagyva a megjegyzés törlődik.`}</Field.HelperText>
        )}
      </Field.Root>
    </FormDialog>
  )
}
