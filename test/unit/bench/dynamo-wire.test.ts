import { describe, expect, it } from "vitest";
import { errorType, itemId, keyOf, unmarshallItem, withoutFields } from "../../../bench/lib/dynamo-wire";

describe("withoutFields", () => {
  it("drops the fields and the names and values only they used", () => {
    const query = {
      TableName: "t",
      KeyConditionExpression: "#pk = :pk",
      FilterExpression: "#entity = :entity AND #n > :n1",
      ProjectionExpression: "#a, #b",
      ExpressionAttributeNames: { "#pk": "pk", "#entity": "entity", "#n": "n", "#a": "a", "#b": "b" },
      ExpressionAttributeValues: { ":pk": { S: "P" }, ":entity": { S: "E" }, ":n1": { N: "1" } },
      Limit: 5,
    };
    expect(withoutFields(query, ["FilterExpression", "ProjectionExpression"])).toEqual({
      TableName: "t",
      KeyConditionExpression: "#pk = :pk",
      ExpressionAttributeNames: { "#pk": "pk" },
      ExpressionAttributeValues: { ":pk": { S: "P" } },
      Limit: 5,
    });
  });

  it("tells a placeholder from a longer one that starts like it", () => {
    const update = {
      UpdateExpression: "SET #a = :v1",
      ConditionExpression: "#a = :v",
      ExpressionAttributeNames: { "#a": "a" },
      ExpressionAttributeValues: { ":v": { N: "1" }, ":v1": { N: "2" } },
    };
    expect(withoutFields(update, ["ConditionExpression"])).toEqual({
      UpdateExpression: "SET #a = :v1",
      ExpressionAttributeNames: { "#a": "a" },
      ExpressionAttributeValues: { ":v1": { N: "2" } },
    });
  });

  it("removes the maps when nothing is left in them", () => {
    const put = {
      Item: { pk: { S: "P" } },
      ConditionExpression: "attribute_not_exists(#pk)",
      ExpressionAttributeNames: { "#pk": "pk" },
    };
    expect(withoutFields(put, ["ConditionExpression"])).toEqual({ Item: { pk: { S: "P" } } });
  });
});

describe("wire helpers", () => {
  it("takes the key out of an item and names it the same whatever the attribute order", () => {
    const item = { sk: { S: "S" }, pk: { S: "P" }, other: { N: "1" } };
    expect(keyOf(item, "pk", "sk")).toEqual({ pk: { S: "P" }, sk: { S: "S" } });
    expect(itemId("t", { sk: { S: "S" }, pk: { S: "P" } })).toBe(
      itemId("t", { pk: { S: "P" }, sk: { S: "S" } }),
    );
  });

  it("reads DynamoDB's error type", () => {
    expect(errorType({ __type: "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException" })).toBe(
      "ConditionalCheckFailedException",
    );
  });

  it("unmarshalls items to native values", () => {
    expect(
      unmarshallItem({
        s: { S: "x" },
        n: { N: "1.5" },
        b: { BOOL: true },
        z: { NULL: true },
        l: { L: [{ N: "1" }, { M: { k: { S: "v" } } }] },
      }),
    ).toEqual({ s: "x", n: 1.5, b: true, z: null, l: [1, { k: "v" }] });
  });
});
