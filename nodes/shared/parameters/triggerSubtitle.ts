// The canvas subtitle of both triggers: what they watch ("C-Chain · 3 addresses"). The editor
// evaluates it on every render, so it reads the raw parameters ($rawParameter: an expression is
// named, not evaluated without input data) and makes one linear regex pass over the address text,
// which keeps a list of thousands of addresses cheap.

// $rawParameter gives a resource locator's value only (the chain ID, not the name picked from the
// list): the two chains the descriptions name get their short name, others their number.
const KNOWN_CHAINS = JSON.stringify({ '43114': 'C-Chain', '43113': 'C-Chain Fuji' });

const chainName = `((id) => (${KNOWN_CHAINS})[id] || "Chain " + id)`;
const chainId = 'String($rawParameter["chainId"] || "")';
const singleChainLabel =
	`(${chainId} === "" ? "No chain" : ${chainId}.startsWith("=") ? "Chain from an expression" : ${chainName}(${chainId}))`;
// Chains (later versions): a list of IDs, or an expression.
const chainIds = '$rawParameter["chainIds"]';
const chainsLabel =
	`(Array.isArray(${chainIds}) ? (${chainIds}.length === 0 ? "No chain" : ${chainIds}.map((id) => ${chainName}(String(id))).join(" + ")) : ` +
	`"Chains from an expression")`;
const chainLabel = `(${chainIds} === undefined ? ${singleChainLabel} : ${chainsLabel})`;

const addresses = '$rawParameter["addresses"]';
const addressCount =
	`(Array.isArray(${addresses}) ? ${addresses}.length : ` +
	`Object.keys((String(${addresses} || "").match(/0x[0-9a-fA-F]{40}/g) || [])` +
	'.reduce((seen, address) => { seen[address.toLowerCase()] = 1; return seen; }, {})).length)';
const addressLabel =
	`(typeof ${addresses} === "string" && ${addresses}.startsWith("=") ? "addresses from an expression" : ` +
	`((count) => count + (count === 1 ? " address" : " addresses"))(${addressCount}))`;

export const triggerSubtitle = `={{ ${chainLabel} + " · " + ${addressLabel} }}`;
