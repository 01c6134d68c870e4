import { describe, expect, it } from "vitest";
import { LIMITS } from "../../../core/domain/limits";
import { renderTemplate } from "../../../core/steps/template";

const scope = (input: Record<string, unknown>, state: Record<string, unknown> = {}) => ({ input, state });

describe("renderTemplate", () => {
  it("fills placeholders in text and keeps a whole placeholder's value as it is", () => {
    const rendered = renderTemplate(
      { text: "Hi {{name}} ({{state.n}})", items: "{{input.items}}", missing: "[{{nope}}]" },
      scope({ name: "Ada", items: [1, 2] }, { n: 3 }),
    );
    expect(rendered).toEqual({ text: "Hi Ada (3)", items: [1, 2], missing: "[]" });
  });

  it("renders right up to its byte budget", () => {
    const value = "v".repeat(LIMITS.renderedTemplateBytes - 10);
    expect(renderTemplate("{{a}}0123456789", scope({ a: value }))).toBe(`${value}0123456789`);
  });

  it("stops with TEMPLATE_TOO_LARGE one byte past the budget", () => {
    const value = "v".repeat(LIMITS.renderedTemplateBytes - 10);
    expect(() => renderTemplate("{{a}}0123456789!", scope({ a: value }))).toThrow(
      expect.objectContaining({ code: "TEMPLATE_TOO_LARGE" }),
    );
  });

  it("counts whole-placeholder values across the whole template", () => {
    const half = { text: "h".repeat(LIMITS.renderedTemplateBytes / 2) };
    expect(() => renderTemplate(["{{a}}", "{{a}}", "{{a}}"], scope({ a: half }))).toThrow(
      expect.objectContaining({ code: "TEMPLATE_TOO_LARGE" }),
    );
  });

  it("gives up on 500 placeholders of a 60 KB value long before building them", () => {
    const started = performance.now();
    expect(() => renderTemplate("{{a}}".repeat(500), scope({ a: "a".repeat(60_000) }))).toThrow(
      expect.objectContaining({ code: "TEMPLATE_TOO_LARGE" }),
    );
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
