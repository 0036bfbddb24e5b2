// Helpers for cdk-nag acknowledgements whose finding id contains a resource reference.
import { Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * The text cdk-nag puts in a `Resource::…` finding for `value` (a string that may hold tokens),
 * resolved in `scope`'s stack. Mirrors cdk-nag's flattening: `Ref` → `<Id>`, `Fn::GetAtt` →
 * `<Id.Attr>`, `Fn::Join` joined, `${…}` of `Fn::Sub` → `<…>`. Use it for references within one
 * stack; a cross-stack reference only resolves during synthesis.
 */
export function nagResource(scope: IConstruct, value: string): string {
  return flatten(Stack.of(scope).resolve(value));
}

function flatten(node: unknown): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (node && typeof node === 'object') {
    const obj = node as Record<string, unknown>;
    if (Array.isArray(obj['Fn::Join'])) {
      const [delimiter, items] = obj['Fn::Join'] as [string, unknown[]];
      return items.map(flatten).join(delimiter);
    }
    if (obj['Fn::Sub'] !== undefined) return flatten(obj['Fn::Sub']);
    if (Array.isArray(obj['Fn::GetAtt'])) {
      const [resource, attribute] = obj['Fn::GetAtt'] as [unknown, unknown];
      return `<${flatten(resource)}.${flatten(attribute)}>`;
    }
    if (obj['Fn::ImportValue'] !== undefined) return flatten(obj['Fn::ImportValue']);
    if (obj.Ref !== undefined) return `<${flatten(obj.Ref)}>`;
  }
  return JSON.stringify(node);
}
