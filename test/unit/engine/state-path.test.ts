import { describe, expect, it } from "vitest";
import { readPath } from "../../../core/domain/state-path";
import { renderTemplate } from "../../../core/steps/template";

describe("readPath", () => {
  const state = { order: { total: 42, items: [{ sku: "A-1" }, { sku: "B-2" }], note: null }, flag: false };

  it("reads nested fields and array elements by index", () => {
    expect(readPath(state, "order.total")).toBe(42);
    expect(readPath(state, "order.items.1.sku")).toBe("B-2");
    expect(readPath(state, "order.items")).toEqual([{ sku: "A-1" }, { sku: "B-2" }]);
    expect(readPath(state, "flag")).toBe(false);
  });

  it("gives undefined, never an error, for a path that is not there", () => {
    expect(readPath(state, "order.missing")).toBeUndefined();
    expect(readPath(state, "order.missing.deeper")).toBeUndefined();
    expect(readPath(state, "order.items.9.sku")).toBeUndefined();
    expect(readPath(state, "order.note.text")).toBeUndefined();
    expect(readPath(state, "order.total.value")).toBeUndefined();
    expect(readPath(undefined, "a")).toBeUndefined();
  });

  it("names nothing with the names of inherited members", () => {
    for (const path of ["constructor", "__proto__", "toString", "hasOwnProperty", "order.constructor"]) {
      expect(readPath(state, path), path).toBeUndefined();
    }
    expect(renderTemplate("x{{toString}}", { input: {}, state: {} })).toBe("x");
    expect(renderTemplate("{{input.__proto__}}", { input: {}, state: {} })).toBe("");
  });

  it("reads the root itself for an empty path and skips empty segments", () => {
    expect(readPath(state, "")).toBe(state);
    expect(readPath(state, "order..total")).toBe(42);
  });
});

describe("renderTemplate: paths and values", () => {
  const scope = {
    input: { name: "Ada", count: 3, tags: ["x", "y"], profile: { city: "Oslo" }, none: null },
    state: { fetch: { body: { id: 7 } }, ok: true },
  };

  it("reads {{x}} from the input, {{input.x}} from the input and {{state.x}} from the state", () => {
    expect(renderTemplate("{{name}}/{{input.name}}/{{state.fetch.body.id}}", scope)).toBe("Ada/Ada/7");
  });

  it("does not read the state for a bare name", () => {
    expect(renderTemplate("[{{ok}}]", scope)).toBe("[]");
    expect(renderTemplate("[{{state.ok}}]", scope)).toBe("[true]");
  });

  it("keeps the type of a whole placeholder's value: number, boolean, array, object", () => {
    expect(
      renderTemplate(
        { n: "{{count}}", b: "{{state.ok}}", list: "{{input.tags}}", obj: "{{state.fetch.body}}" },
        scope,
      ),
    ).toEqual({ n: 3, b: true, list: ["x", "y"], obj: { id: 7 } });
  });

  it("allows spaces inside the braces, whole or within text", () => {
    expect(renderTemplate("{{ input.count }}", scope)).toBe(3);
    expect(renderTemplate("n={{  count  }}", scope)).toBe("n=3");
  });

  it("writes objects and arrays inside longer text as JSON", () => {
    expect(renderTemplate("p={{input.profile}} t={{tags}}", scope)).toBe('p={"city":"Oslo"} t=["x","y"]');
  });

  it("renders unknown paths and null as empty text, and a whole unknown placeholder as an empty string", () => {
    expect(renderTemplate("a{{nope.deeper}}b{{none}}c{{state.fetch.body.missing}}", scope)).toBe("abc");
    expect(renderTemplate("{{state.nothing}}", scope)).toBe("");
    expect(renderTemplate("{{none}}", scope)).toBe("");
  });

  it("renders inside nested objects and arrays and leaves non-string values alone", () => {
    expect(
      renderTemplate({ a: [{ b: "{{name}}" }, 5, null, false], c: { d: "x{{count}}" }, e: 1.5 }, scope),
    ).toEqual({ a: [{ b: "Ada" }, 5, null, false], c: { d: "x3" }, e: 1.5 });
  });

  it("does not render placeholders that came in through a value", () => {
    const tricky = { input: { a: "{{input.b}}", b: "secret" }, state: {} };
    expect(renderTemplate("{{a}}", tricky)).toBe("{{input.b}}");
    expect(renderTemplate("x{{a}}", tricky)).toBe("x{{input.b}}");
  });

  it("leaves text that is no placeholder as it is", () => {
    expect(renderTemplate("{ {name} } {{}} {{a b}}", scope)).toBe("{ {name} } {{}} {{a b}}");
  });

  it("does not change the scope it reads", () => {
    const before = structuredClone(scope);
    renderTemplate({ x: "{{input.tags}}" }, scope);
    expect(scope).toEqual(before);
  });
});
