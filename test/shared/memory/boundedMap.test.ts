import { BoundedMap } from '../../../nodes/shared/memory/boundedMap';

describe('a bounded map', () => {
	it('forgets the entry set longest ago once it holds more than its limit', () => {
		const map = new BoundedMap<string, number>(2);
		map.set('a', 1);
		map.set('b', 2);
		map.set('c', 3);
		expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([undefined, 2, 3]);
	});

	it('counts setting an entry again as the newest', () => {
		const map = new BoundedMap<string, number>(2);
		map.set('a', 1);
		map.set('b', 2);
		map.set('a', 10);
		map.set('c', 3);
		expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([10, undefined, 3]);
	});

	it('deletes one entry, the entries whose key matches, or all', () => {
		const map = new BoundedMap<string, number>(10);
		for (const [key, value] of [['x 1', 1], ['y 1', 2], ['x 2', 3]] as const) map.set(key, value);
		map.delete('y 1');
		expect(map.get('y 1')).toBeUndefined();
		map.deleteWhere((key) => key.startsWith('x '));
		expect([map.get('x 1'), map.get('x 2')]).toEqual([undefined, undefined]);
		map.set('z', 4);
		map.clear();
		expect(map.get('z')).toBeUndefined();
	});
});
