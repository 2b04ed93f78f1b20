import { describe, expect, it } from 'vitest';
import { addressLine } from './address.ts';

describe('addressLine', () => {
  it('joins the street, the locality and the region', () => {
    expect(addressLine({ streetAddress: 'Jl. Raya Sayan, Ubud', locality: 'Gianyar', region: 'Bali' })).toBe(
      'Jl. Raya Sayan, Ubud, Gianyar, Bali',
    );
  });
  it('says a locality (or region) the street address already ends with once, whatever its case or spacing', () => {
    expect(addressLine({ streetAddress: 'Jl. Raya Sayan, Ubud, Gianyar', locality: 'Gianyar', region: 'Bali' })).toBe(
      'Jl. Raya Sayan, Ubud, Gianyar, Bali',
    );
    expect(
      addressLine({
        streetAddress: 'Pantai Mandorak,  sumba barat daya ',
        locality: 'Sumba Barat Daya',
        region: 'Nusa Tenggara Timur',
      }),
    ).toBe('Pantai Mandorak, sumba barat daya, Nusa Tenggara Timur');
    expect(
      addressLine({ streetAddress: 'Jl. Malioboro, Yogyakarta', locality: 'Yogyakarta', region: 'Yogyakarta' }),
    ).toBe('Jl. Malioboro, Yogyakarta');
  });
  it('keeps a locality that only appears inside a longer name', () => {
    expect(addressLine({ streetAddress: 'Jl. Batu Tulis', locality: 'Batu', region: 'Jawa Timur' })).toBe(
      'Jl. Batu Tulis, Batu, Jawa Timur',
    );
    expect(addressLine({ streetAddress: 'Kawasan Coban Rondo, Pujon', locality: 'Malang', region: 'Jawa Timur' })).toBe(
      'Kawasan Coban Rondo, Pujon, Malang, Jawa Timur',
    );
  });
  it('leaves out an empty part', () => {
    expect(addressLine({ streetAddress: 'Jl. Soekarno Hatta', locality: ' ', region: 'Nusa Tenggara Timur' })).toBe(
      'Jl. Soekarno Hatta, Nusa Tenggara Timur',
    );
  });
});
