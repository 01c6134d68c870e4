import { describe, expect, it } from "vitest";
import { matchesFilter } from "../../../core/domain/json-filter";
import { EventFilter } from "../../../core/domain/trigger";

const payload = {
  customer: { plan: "pro", seats: 12, trial: false, owner: null },
  region: "eu",
  tags: ["a"],
};

describe("matchesFilter", () => {
  it("matches everything without a filter", () => {
    expect(matchesFilter(undefined, payload)).toBe(true);
  });

  it.each([
    [{ "customer.plan": "pro" }, true],
    [{ "customer.plan": "pro", region: "eu" }, true],
    [{ "customer.plan": "pro", region: "us" }, false],
    [{ "customer.seats": 12 }, true],
    [{ "customer.seats": "12" }, false],
    [{ "customer.trial": false }, true],
    [{ "customer.owner": null }, true],
    [{ "customer.missing": null }, false],
    [{ region: { in: ["us", "eu"] } }, true],
    [{ region: { in: ["us"] } }, false],
    [{ customer: "pro" }, false],
    [{ "tags.0": "a" }, false],
    [{ "region.length": 2 }, false],
    [{ "__proto__.x": 1 }, false],
  ])("%j → %s", (filter, expected) => {
    expect(matchesFilter(EventFilter.parse(filter), payload)).toBe(expected);
  });
});
