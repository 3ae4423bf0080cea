/** The code store: code lookups and the region tree. */
import type { Database } from '#server/homepage-api/store/dialect.ts';
import { codeStore } from '#server/homepage-api/store/codes.ts';
import { dialectTest } from './helpers.ts';

dialectTest('codes and regions', async (t, storeDb) => {
  const { stores, close } = await storeDb();
  t.teardown(close);
  const codes = stores.codes;
  t.same(await codes.code('60', '3'), { name: '고객지원 전화번호', value: '043-220-5600' });
  t.equal(await codes.code('60', '99'), undefined);
  t.match(await codes.region('43110'), { region_code: '43110', region_name: '청주시', parent_code: '43', level: 2, has_children: true });
  t.match(await codes.region('43111007'), { region_name: '용암1동', level: 4, has_children: false });
  t.equal(await codes.region('99999'), undefined);
  t.same((await codes.children('43110')).map((r) => r.region_name), ['상당구', '서원구', '흥덕구', '청원구'], 'in their order');
  t.equal((await codes.children('43')).length, 11, 'eleven cities and counties');
  t.equal(await codes.regionName('43111007'), '충청북도 청주시 상당구 용암1동');
  t.equal(await codes.regionName(null), null);
  t.equal(await codes.cityName('43111'), '청주시 상당구', 'without the province');
  t.equal(await codes.cityName('43130'), '충주시');
  t.equal(await codes.cityName('12345'), '12345', 'an unknown code stays a code');
  t.ok(await codes.within('43111007', '43110'), 'a town lies within its city');
  t.ok(await codes.within('43111', '43'));
  t.notOk(await codes.within('43110', '43110'), 'strictly within');
  t.notOk(await codes.within('43130', '43110'));
  t.notOk(await codes.within('99999', '43'));
});

dialectTest('a region once read is not read again (decision 0155)', async (t, storeDb) => {
  const { db, close } = await storeDb();
  t.teardown(close);
  let statements = 0;
  const counted: Database = {
    dialect: db.dialect,
    prepare(sql) {
      const st = db.prepare(sql);
      const count = <A extends unknown[], R>(f: (...args: A) => R) => (...args: A): R => {
        statements += 1;
        return f(...args);
      };
      return { all: count(st.all), get: count(st.get), run: count(st.run) };
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    exclusive: (key, fn) => db.exclusive(key, fn),
    ping: () => db.ping(),
    close: () => db.close(),
  };
  const codes = codeStore(counted);
  t.equal(await codes.cityName('43111'), '청주시 상당구');
  t.equal(statements, 3, 'the gu, its city and the province');
  t.equal(await codes.cityName('43111'), '청주시 상당구');
  t.equal(await codes.regionName('43111'), '충청북도 청주시 상당구');
  t.equal(statements, 3, 'asked again: nothing read');
  t.equal(await codes.cityName('43112'), '청주시 서원구');
  t.equal(statements, 4, 'another gu of the city: only the gu read');
  t.equal(await codes.cityName('12345'), '12345');
  t.equal(await codes.cityName('12345'), '12345');
  t.equal(statements, 6, 'an unknown code is asked each time (only what exists is kept)');
});
