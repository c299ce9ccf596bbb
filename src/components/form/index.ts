/** The form path: `useSchemaForm` (react-hook-form + the contract's TypeBox schema) and `FormField` (Chakra). */
export { FormField } from './form-field'
export { useSchemaForm, type Rule } from './use-schema-form'
