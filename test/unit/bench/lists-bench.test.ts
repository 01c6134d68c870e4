import { describe, expect, it } from "vitest";
import { allowedRru, growthRatio, isIndependent, rruPerThousandRuns } from "../../../bench/lib/list-growth";
import { deepestFullPage } from "../../../bench/lib/list-probes";

describe("bench:lists' rule for a list independent of history", () => {
  it("allows one read unit more on a list of up to 20 units, where 5 % would be less than a unit", () => {
    expect(allowedRru(2)).toBe(3);
    expect(allowedRru(20)).toBe(21);
    expect(isIndependent(2, 3)).toBe(true);
    expect(isIndependent(2, 3.5)).toBe(false);
    expect(isIndependent(23, 24.5)).toBe(false);
  });

  it("allows 5 % more on a larger list, where one unit would be less", () => {
    expect(allowedRru(100)).toBe(105);
    expect(isIndependent(100, 105)).toBe(true);
    expect(isIndependent(100, 105.5)).toBe(false);
  });

  it("takes fewer reads with more history as independent", () => {
    expect(isIndependent(10, 8)).toBe(true);
  });

  it("gives no ratio when the smallest stage read nothing", () => {
    expect(growthRatio(0, 3)).toBeNull();
    expect(growthRatio(4, 10)).toBe(2.5);
    expect(isIndependent(0, 1)).toBe(true);
    expect(isIndependent(0, 1.5)).toBe(false);
  });

  it("gives the growth per 1,000 more ended runs", () => {
    expect(rruPerThousandRuns({ ended: 400, rru: 23 }, { ended: 2000, rru: 27 })).toBe(2.5);
  });
});

describe("bench:lists' deepest full page", () => {
  it("is the last page when the list fills it, else the one before, and page 1 without a full page", () => {
    expect(deepestFullPage(100)).toBe(5);
    expect(deepestFullPage(119)).toBe(5);
    expect(deepestFullPage(19)).toBe(1);
    expect(deepestFullPage(0)).toBe(1);
  });
});
