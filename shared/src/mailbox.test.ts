import { describe, expect, it } from "vitest";
import { canonicalMailbox } from "./mailbox.ts";

describe("canonical mailbox", () => {
  it("counts every spelling of one Gmail inbox as that inbox", () => {
    for (const spelling of [
      "victim@gmail.com",
      " Victim@Gmail.com ",
      "victim+1@gmail.com",
      "victim+shop+2@gmail.com",
      "v.ictim@gmail.com",
      "v.i.c.t.i.m+x@gmail.com",
      "victim@googlemail.com",
      "V.ictim+promo@GoogleMail.com",
      "victim@gmail.com.",
    ])
      expect(canonicalMailbox(spelling), spelling).toBe("victim@gmail.com");
  });

  it("drops a +tag everywhere but keeps dots where the provider reads them", () => {
    expect(canonicalMailbox("jean.dupont+news@example.fr")).toBe("jean.dupont@example.fr");
    expect(canonicalMailbox("Jean.Dupont@Example.FR")).toBe("jean.dupont@example.fr");
    expect(canonicalMailbox("j.dupont@outlook.com")).not.toBe(canonicalMailbox("jdupont@outlook.com"));
  });

  it.each(["+tag@example.com", "...@gmail.com", "no-at-sign", "@example.com", "name@"])(
    "keeps %j as it is: it cannot be split, or its local part is only a tag or only dots",
    (address) => {
      expect(canonicalMailbox(address)).toBe(address);
    },
  );
});
