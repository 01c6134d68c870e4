import type { Table } from "../../core/adapters/dynamodb/table/dynamo-client";

/** The table's client, counting the requests it sends by operation (the command's class name). */
export function countedTable(table: Table): { table: Table; sent: string[] } {
  const sent: string[] = [];
  const send = table.client.send.bind(table.client) as (command: unknown) => Promise<unknown>;
  const client = Object.create(table.client) as Table["client"];
  client.send = ((command: object) => {
    sent.push(command.constructor.name);
    return send(command);
  }) as unknown as Table["client"]["send"];
  return { table: { client, name: table.name }, sent };
}
