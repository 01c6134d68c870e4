import { describe, expect, it } from "vitest";
import { freePortExcept, freePorts } from "../../../core/adapters/local/free-port";

/** Stands in for the OS: offers `ports`, in that order, and records how many were asked for. */
function offering(ports: number[]) {
  const asked: number[] = [];
  const choose = async (count: number) => {
    asked.push(count);
    return ports.slice(0, count);
  };
  return { choose, asked };
}

describe("freePortExcept", () => {
  it("never returns an excluded port, even when the OS offers it first", async () => {
    const os = offering([45001, 45002]);
    expect(await freePortExcept([45001], os.choose)).toBe(45002);
  });

  it("asks for one port more than are excluded, so one of them is never excluded", async () => {
    const os = offering([3000, 45001, 45003]);
    expect(await freePortExcept([45001, 3000], os.choose)).toBe(45003);
    expect(os.asked).toEqual([3]);
  });

  it("fails rather than return an excluded port when nothing else is offered", async () => {
    const os = offering([45001, 45001]);
    await expect(freePortExcept([45001], os.choose)).rejects.toThrow("no free port other than 45001");
  });

  it("with the real OS, does not return the port it has just handed out and that is excluded", async () => {
    for (let round = 0; round < 20; round++) {
      const [own] = await freePorts(1);
      expect(own).toEqual(expect.any(Number));
      expect(await freePortExcept([own as number])).not.toBe(own);
    }
  });
});
