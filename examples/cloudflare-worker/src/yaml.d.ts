// Wrangler's `Text` rule imports YAML files as strings.
declare module '*.yaml' {
  const text: string
  export default text
}
