/**
 * The form path: `useSchemaForm` (react-hook-form + the contract's TypeBox schema), `FormField` (Chakra) and
 * `SelectInput` (a fixed list of choices).
 */
export { FormField } from './form-field'
export { SelectInput } from './select-input'
export { useSchemaForm, type Rule } from './use-schema-form'
