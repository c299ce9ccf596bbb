/** The form path: `useSchemaForm` (react-hook-form + the contract's TypeBox schema) and `FormField` (Chakra). */
export { FormField, type FormFieldProps } from './form-field'
export {
  INVALID_VALUE,
  schemaResolver,
  useSchemaForm,
  type FormCheck,
  type FormMessages,
  type Rule,
  type SchemaFormOptions,
} from './use-schema-form'
