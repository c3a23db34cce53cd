/**
 * Reads TwiML the way a carrier does, for the simulator: a tree of verbs with attributes and
 * text. TwiML is plain XML with no namespaces, CDATA or DTDs, so a small tokenizer suffices.
 */
export type TwimlNode = {
  name: string;
  attributes: Record<string, string>;
  children: TwimlNode[];
  text: string;
};

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity.startsWith("#x")) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith("#")) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return ENTITIES[entity] ?? whole;
  });
}

export function parseTwiml(xml: string): TwimlNode {
  const root: TwimlNode = { name: "#document", attributes: {}, children: [], text: "" };
  const stack: TwimlNode[] = [root];
  const token =
    /<\?[^>]*\?>|<!--[\s\S]*?-->|<\/([\w:.-]+)\s*>|<([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
  for (let match = token.exec(xml); match; match = token.exec(xml)) {
    const [, closing, opening, attrs, selfClosing, text] = match;
    const top = stack[stack.length - 1] as TwimlNode;
    if (text !== undefined) {
      top.text += decode(text);
    } else if (closing) {
      if (top.name !== closing) throw new Error(`TwiML: </${closing}> closes <${top.name}>`);
      top.text = top.text.trim();
      stack.pop();
    } else if (opening) {
      const node: TwimlNode = { name: opening, attributes: {}, children: [], text: "" };
      for (const attr of (attrs ?? "").matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
        node.attributes[attr[1] as string] = decode(attr[2] ?? attr[3] ?? "");
      }
      top.children.push(node);
      if (!selfClosing) stack.push(node);
    }
  }
  if (stack.length !== 1) throw new Error("TwiML: unclosed element");
  const response = root.children[0];
  if (response?.name !== "Response") throw new Error("TwiML: the document is not a <Response>");
  return response;
}
