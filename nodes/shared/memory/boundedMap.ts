/** A Map that forgets its least recently set entries beyond `limit`. */
export class BoundedMap<K, V> {
	private readonly entries = new Map<K, V>();

	constructor(private readonly limit: number) {}

	get(key: K): V | undefined {
		return this.entries.get(key);
	}

	set(key: K, value: V): void {
		this.entries.delete(key);
		this.entries.set(key, value);
		if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as K);
	}

	delete(key: K): void {
		this.entries.delete(key);
	}

	deleteWhere(matches: (key: K) => boolean): void {
		for (const key of [...this.entries.keys()]) if (matches(key)) this.entries.delete(key);
	}

	clear(): void {
		this.entries.clear();
	}
}
