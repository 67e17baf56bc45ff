/**
 * Every key the service writes, built by small pure functions. The table below is the data model;
 * docs/data-model.md repeats it. Entities carry `entity` (the domain-event name stem) when their changes are public.
 *
 * | entity              | PK                         | SK                    | GSI1 (PK / SK)                         | GSI2 (PK / SK)                         | GSI3 (PK / SK)            |
 * |---------------------|----------------------------|-----------------------|----------------------------------------|----------------------------------------|---------------------------|
 * | vendor              | VENDOR#<id>                | VENDOR                | VENDORS / NAME#<lower name>#<id>       | VENDORS / CODE#<lower code>            |                           |
 * | vendor code marker  | VENDOR_CODE#<lower code>   | VENDOR_CODE           |                                        |                                        |                           |
 * | po-source           | POSOURCE#<id>              | POSOURCE              | VENDOR#<vendorId> / POSOURCE#<sku>#<wh>| SKU#<sku> / POSOURCE#<vendorId>#<wh>   | POSOURCES / <id>          |
 * | po-source marker    | POSOURCE_UNIQ#<v>#<sku>#<wh>| POSOURCE_UNIQ        |                                        |                                        |                           |
 * | warehouse           | WAREHOUSE#<id>             | WAREHOUSE             | WAREHOUSES / CODE#<lower code>         |                                        |                           |
 * | warehouse counters  | WHCOUNT@<n>#<warehouseId>  | WHCOUNT               |                                        |                                        |                           |
 * | warehouse code marker | WAREHOUSE_CODE#<lower code> | WAREHOUSE_CODE     |                                        |                                        |                           |
 * | default warehouse   | WAREHOUSE_DEFAULT          | WAREHOUSE_DEFAULT     |                                        |                                        |                           |
 * | deleted warehouse   | WAREHOUSE_DELETED#<id>     | WAREHOUSE_DELETED     | WAREHOUSES_DELETED / ID#<id>           |                                        |                           |
 * | stock record        | STOCK#<sku>                | WH#<warehouseId>      | WH_STOCK@<n>#<wh> / SKU#<sku>          |                                        |                           |
 * | stock slot          | STOCK#<sku>#WH#<wh>#SLOT#<n> | SLOT#<n>            | (a record with `slots`: part of its units, its own partition; shared/domain/stock-slots.ts)     |
 * | staged stock change | STOCKCHANGE#<id>           | STOCKCHANGE           |                                        |                                        |                           |
 * | stock movement      | MOVEMENTS@<n>#SKU#<sku>    | <at>#<id>             | MOVEMENTS@<n>#WH#<wh> / <at>#<id>      | MOVEMENTS@<n>#DAY#<yyyy-mm-dd> / <at>#<id> |                           |
 * | stock rule          | STOCKRULE#<id>             | STOCKRULE             | STOCKRULES / <pattern>#<wh or *>#<id>  |                                        |                           |
 * | stock rule marker   | STOCKRULE_UNIQ#<pattern>#<wh or *> | STOCKRULE_UNIQ |                                        |                                        |                           |
 * | rule period         | RULEPERIOD#<id>            | RULEPERIOD            | RULE_PERIODS#<ruleId> / <from>#<id>    | RULE_PERIODS / <from>#<id>             |                           |
 * | alert settings      | SETTINGS                   | INVENTORY_ALERTS      |                                        |                                        |                           |
 * | alert rule          | ALERTRULE#<id>             | ALERTRULE             | ALERTRULES / <folded name>#<id>        | ALERTRULES#LIST#<listId> / <id>        |                           |
 * | seasonal factor     | SEASONALFACTOR#<id>        | SEASONALFACTOR        | SEASONALFACTORS / <id>                 | SEASONALFACTORS#LIST#<listId> / <id>   |                           |
 * | rule list header    | RULELIST#<id>              | RULELIST              |                                        |                                        |                           |
 * | rule list SKU       | RULELIST#<id>              | SKU#<sku>             | RULELIST_SKU#<sku> / <listId>          |                                        |                           |
 * | rule list name marker | RULELIST_NAME#<collation key of name> | RULELIST_NAME |                          |                                        |                           |
 * | alert standing      | ALERTSTATE#<ruleId>        | <warehouseId>#<sku>   |                                        |                                        |                           |
 * | work order          | WORKORDER#<id>             | WORKORDER             | WORKORDERS#WH#<wh> / <status>#<at>#<id>|                                        |                           |
 * | order (header)      | ORDER#<id>                 | A#ORDER               | ORDERS@<n>#STATUS#<statusId> / <date>#<id> | ORDERS@<n>#DAY#<yyyy-mm-dd> / <date>#<id> | ORDERS@<n>#CHANNEL#<ch> / <date>#<id> |
 * |   (<n>: the order's shard, shardOf(id, 8); headers written before sharding carry ORDERS#STATUS#… / ORDERS#DAY#… / ORDERS#CHANNEL#… until npm run migrate) |
 * |   (waiting to ship, a pending status with units left: also GSI4 PENDING@<m> / <date>#<id> and pendingUnits, <m> = shardOf(id, 4)) |
 * | order payment       | ORDER#<id>                 | A#PAYMENT#<at>#<pid>  |                                        |                                        |                           |
 * | order history entry | ORDER#<id>                 | H#<at>#<hid>          |                                        |                                        |                           |
 * | order note          | ORDER#<id>                 | N#<noteId>            |                                        |                                        |                           |
 * | shipment            | ORDER#<orderId>            | S#<shipmentId>        | SHIPMENTS@<n>#<yyyy-mm> / <shipDate>#<id> | SHIPMENTS@<n>#CARRIER#<c>#<yyyy-mm> / same | SHIPMENTS@<n>#WH#<wh>#<yyyy-mm> / same |
 * | order return        | ORDER#<orderId>            | R#<returnId>          |                                        |                                        |                           |
 * | order returns guard | ORDER#<orderId>            | RETURNS               | (version moved by every change of the units its returns claim)                                  |
 * | shipment pointer    | SHIPMENT#<shipmentId>      | SHIPMENT              | (its orderId: reprint and void name only the shipment)                                          |
 * | shipment day totals | SHIPTOTALS@<n>#<yyyy-mm>   | <day>#<combination>   | (<n>: shard of the shipment id; SHIPMENTS@<n>: likewise)                                        |
 * | shipment month totals | SHIPTOTALS@<n>#<yyyy-mm> | M#<combination>       | (before npm run migrate also SHIPTOTALS#… and SHIPMENTS#…, read beside the shards)              |
 * | export record       | EXPORT#<id>                | EXPORT                |                                        |                                        |                           |
 * | custom status       | STATUS#<id>                | STATUS                | STATUSES / <lower name>#<id>           |                                        |                           |
 * | status name marker  | STATUS_NAME#<lower name>   | STATUS_NAME           |                                        |                                        |                           |
 * | column view         | COLVIEW#<id>               | COLVIEW               | COLVIEWS#OWNER#<sub> / <name>#<id>     | COLVIEWS#SHARED / <name>#<id> (shared) |                           |
 * | automation rule     | AUTORULE#<id>              | AUTORULE              | AUTORULES / <priority:6>#<id>          |                                        |                           |
 * | aggregate cell      | AGG#<dimension>#<yyyy-mm>#<shard> | <day>#<currency>#<name> |                                  |                                        |                           |
 * | sold cell (aggregate, units) | AGG#sold#<sku>    | <day>#<warehouseId or ->#<currency> |                          |                                        |                           |
 * | aggregate record marker | AGGREC#<recordId>[#<part>] | AGGREC          | (expiresAt: two days, beyond the stream's 24 h)                                                 |
 * | aggregates generation pointer | AGGGEN           | AGGGEN                | (live, building, version; cells of generation n > 0 are AGG#G<n>#…)                              |
 * | taxonomy channel    | TAXCHANNEL#<lower ch>      | TAXCHANNEL            | TAXCHANNELS / <lower ch>               |                                        |                           |
 * | channel category    | TAXONOMY#<lower ch>        | CAT#<category id>     | TAXONOMYPATH#<ch> / <folded path>      |                                        |                           |
 * | category mapping    | TAXMAP#<lower ch>          | <folded path>         | TAXMAPS / <folded path>#<ch>           | TAXMAPS#<status> / <folded path>#<ch>  | TAXMAP#<ch>#<status> / <folded path> |
 * | unmapped category   | TAXSEEN#<lower ch>         | <folded path>         | TAXSEEN / <folded path>#<ch>           |                                        |                           |
 * | attribute definition | TAXATTR#<lower ch>        | CAT#<scope id>#<lower name> or #<lower name> | TAXATTRS / <ch>#<folded scope>#<lower name> |                              |                           |
 * | mapping template    | TAXTEMPLATE#<id>           | TAXTEMPLATE           | TAXTEMPLATES / <name key>\u0001<id>    | TAXTEMPLATES#<ch> / <name key>\u0001<id> |                           |
 * | template name marker | TAXTEMPLATE_NAME#<ch>#<collation key of name> | TAXTEMPLATE_NAME |                |                                        |                           |
 * | channel listing     | LISTING#<lower ch>         | SKU#<sku>             |                                        |                                        |                           |
 * | idempotency record  | IDEMPOTENCY#<enc subject>#<enc op>#<enc key> | IDEMPOTENCY |                                        |                                        |                           |
 * | label purchase record | LABELPURCHASE#<request key> | LABELPURCHASE     |                                        |                                        |                           |
 * | migration run       | MIGRATION#<name>           | RUN                   | (run number, scan segments: npm run migrate)                                                    |
 * | migration segment   | MIGRATION#<name>           | RUN#<run>#SEGMENT#<n> | (the segment's last scanned key, done, items moved per step)                                    |
 * | table layout        | TABLE_LAYOUT               | TABLE_LAYOUT          | (layout `sharded` once npm run migrate has finished)                                            |
 *
 * | access pattern                               | query                                                   |
 * |----------------------------------------------|---------------------------------------------------------|
 * | vendor by id                                 | GetItem vendorKey(id)                                   |
 * | vendors by name (prefix), paginated          | Query GSI1 PK=VENDORS, SK begins_with NAME#<prefix>     |
 * | vendors by code (prefix), paginated          | Query GSI2 PK=VENDORS, SK begins_with CODE#<prefix>     |
 * | vendor code is free                          | ConditionCheck attribute_not_exists on the code marker  |
 * | po-sources of a vendor                       | Query GSI1 PK=VENDOR#<vendorId>                         |
 * | po-sources of a SKU                          | Query GSI2 PK=SKU#<sku>                                 |
 * | all po-sources                               | Query GSI3 PK=POSOURCES                                 |
 * | po-sources by ids                            | BatchGetItem poSourceKey(id)…                           |
 * | warehouses (all, by code)                    | Query GSI1 PK=WAREHOUSES                                |
 * | deleted warehouses (id, code, name)          | Query GSI1 PK=WAREHOUSES_DELETED                        |
 * | stock of a SKU in every warehouse            | Query PK=STOCK#<sku>                                    |
 * | stock records (for a movement)               | BatchGetItem stockKey(sku, warehouseId)…                |
 * | slots of a record with slots                 | BatchGetItem stockSlotKeys(sku, warehouseId, slots)     |
 * | stock held in a warehouse (SKU prefix)       | Query GSI1 PK=WH_STOCK@<n>#<wh> for every shard + legacy WH_STOCK#<wh>, SK begins_with SKU#<prefix>, merged by SK |
 * | a SKU's record as of a past day (replayed)   | Query PK=MOVEMENTS@<n>#SKU#<sku> for every shard + legacy MOVEMENTS#SKU#<sku>, SK < <end of the day>, merged by SK |
 * | movements of a SKU over a date range         | Query PK=MOVEMENTS@<n>#SKU#<sku> for every shard + legacy MOVEMENTS#SKU#<sku>, SK between, merged by SK |
 * | movements in a warehouse over a date range   | Query GSI1 PK=MOVEMENTS@<n>#WH#<wh> for every shard + legacy MOVEMENTS#WH#<wh>, SK between, merged by SK |
 * | movements on a day (all warehouses)          | Query GSI2 PK=MOVEMENTS@<n>#DAY#<day> for every shard + legacy MOVEMENTS#DAY#<day>, merged by SK |
 * | a warehouse's counters                       | BatchGetItem WHCOUNT@<n>#<wh> for every shard, + the legacy counters on WAREHOUSE#<wh> |
 * | stock rules (by pattern)                     | Query GSI1 PK=STOCKRULES                                |
 * | periods of a rule (overlap check)            | Query GSI1 PK=RULE_PERIODS#<ruleId>                     |
 * | all rule periods by start date               | Query GSI2 PK=RULE_PERIODS                              |
 * | alert rules / seasonal factors (bounded)     | Query GSI1 PK=ALERTRULES / PK=SEASONALFACTORS           |
 * | rules or factors targeting a list            | Query GSI2 ALERTRULES#LIST#<id> / SEASONALFACTORS#LIST#<id> |
 * | a list's SKUs; lists that hold a SKU         | Query PK=RULELIST#<id> SK begins_with SKU#; GSI1 RULELIST_SKU#<sku> |
 * | a rule's standings                           | Query PK=ALERTSTATE#<ruleId>                            |
 * | open work orders of a warehouse              | Query GSI1 PK=WORKORDERS#WH#<wh>, SK begins_with open#  |
 * | an order with its payments                   | Query PK=ORDER#<id>, SK begins_with A#                  |
 * | an order's history, newest first             | Query PK=ORDER#<id>, SK begins_with H#, descending      |
 * | an order's history of one kind (or all) from/to, newest first | Query PK=ORDER#<id>, SK between H#<from> and H#<to>#\uffff, descending, filter kind |
 * | an order's notes, newest first               | Query PK=ORDER#<id>, SK begins_with N#, descending      |
 * | an order's shipments, newest first           | Query PK=ORDER#<id>, SK begins_with S#, descending      |
 * | shipments by ship date (all/carrier/warehouse) | Query GSI1/GSI2/GSI3 month partitions, every shard, SK between; merged by sort key |
 * | shipment totals over a range                 | Query PK=SHIPTOTALS@<n>#<month> (every shard), M# (whole) or day range; cells summed |
 * | an order's returns, newest first             | Query PK=ORDER#<id>, SK begins_with R#, descending (consistent) |
 * | units claimed by an order's returns          | the same Query, guarded by the RETURNS item's version   |
 * | a note is added only to an existing order    | ConditionCheck attribute_exists on the order header     |
 * | orders waiting to ship (pending shipments)   | Query GSI4 PK=PENDING@<m> for its 4 shards, in parallel (once the layout item says layoutVersion 2) |
 * | orders in a status (status delete, move; pending shipments) | Query GSI1 PK=ORDERS@<n>#STATUS#<statusId> for every shard + legacy ORDERS#STATUS#<statusId>, merged by SK or read whole in parallel |
 * | orders of a UTC day (sales detail)           | Query GSI2 PK=ORDERS@<n>#DAY#<day> for every shard + legacy ORDERS#DAY#<day>, SK between, merged by SK |
 * | has a channel any order (taxonomy)           | Query GSI3 PK=ORDERS@<n>#CHANNEL#<ch> for every shard + legacy ORDERS#CHANNEL#<ch>, Limit 1 each, in parallel |
 * | custom statuses by name                      | Query GSI1 PK=STATUSES                                  |
 * | column views of a user, shared column views  | Query GSI1 PK=COLVIEWS#OWNER#<sub>, GSI2 PK=COLVIEWS#SHARED |
 * | automation rules in priority order           | Query GSI1 PK=AUTORULES                                 |
 * | the live aggregates generation               | GetItem AGGGEN (consistent; absent: generation 0)       |
 * | a dimension's cells over days                | Query PK=AGG#[G<n>#]<dimension>#<month>#<shard>, SK between <from># and <to>#\uffff, per month and shard |
 * | units of a SKU sold per day (alerts velocity) | Query PK=AGG#sold#<sku>, SK between <from># and <to>#\uffff (consistent; one warehouse: filtered) |
 * | a stream record counts once                  | Put attribute_not_exists AGGREC#<recordId> in the transaction of its cells |
 * | channels known to the taxonomy group         | Query GSI1 PK=TAXCHANNELS                               |
 * | a channel's taxonomy (reload diff)           | Query PK=TAXONOMY#<ch>, SK begins_with CAT#             |
 * | a channel's category at a path               | Query GSI1 PK=TAXONOMYPATH#<ch>, SK begins_with <folded path> |
 * | a channel category by id (mapping check)     | GetItem channelCategoryKey(ch, id)                      |
 * | mappings of a channel (path prefix)          | Query PK=TAXMAP#<ch>, SK begins_with <folded prefix>    |
 * | mappings of a channel in a status            | Query GSI3 PK=TAXMAP#<ch>#<status>                      |
 * | all mappings by path (list, cross-reference) | Query GSI1 PK=TAXMAPS, SK begins_with / between         |
 * | all mappings in a status                     | Query GSI2 PK=TAXMAPS#<status>                          |
 * | internal categories seen unmapped            | Query PK=TAXSEEN#<ch> or GSI1 PK=TAXSEEN                |
 * | attribute definitions of a channel           | Query PK=TAXATTR#<ch>; all: GSI1 PK=TAXATTRS            |
 * | templates by name (of a channel)             | Query GSI1 PK=TAXTEMPLATES / GSI2 PK=TAXTEMPLATES#<ch>  |
 * | listings of SKUs on a channel                | BatchGetItem channelListingKey(ch, sku)…                |
 * | idempotency record of a request              | GetItem idempotencyKey(subject, operationId, key)       |
 */
export * from './item-key';
export * from './vendors';
export * from './warehouses';
export * from './stock';
export * from './inventory';
export * from './work-orders';
export * from './orders';
export * from './idempotency';
export * from './shipments';
export * from './exports';
export * from './storage';
export * from './fulfillment';
export * from './returns';
export * from './aggregates';
export * from './alerts';
export * from './taxonomy';
export * from './shards';
export * from './migrations';
