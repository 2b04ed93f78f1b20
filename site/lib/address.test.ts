import { describe, expect, it } from 'vitest';
import { addressLine } from './address.ts';

describe('addressLine', () => {
  it('joins the street, the locality and the region', () => {
    expect(addressLine(['Jl. Raya Sayan, Ubud', 'Gianyar', 'Bali'])).toBe('Jl. Raya Sayan, Ubud, Gianyar, Bali');
  });
  it('says a town (or province) the street address already names once, whatever its case or spacing', () => {
    expect(addressLine(['Jl. Raya Sayan, Ubud, Gianyar', 'Gianyar', 'Bali'])).toBe(
      'Jl. Raya Sayan, Ubud, Gianyar, Bali',
    );
    expect(addressLine(['Pantai Mandorak,  sumba barat daya ', 'Sumba Barat Daya', 'Nusa Tenggara Timur'])).toBe(
      'Pantai Mandorak, sumba barat daya, Nusa Tenggara Timur',
    );
    expect(addressLine(['Jl. Malioboro, Yogyakarta', 'Yogyakarta', 'Yogyakarta'])).toBe('Jl. Malioboro, Yogyakarta');
  });
  it('keeps a locality that only appears inside a longer name', () => {
    expect(addressLine(['Jl. Batu Tulis', 'Batu', 'Jawa Timur'])).toBe('Jl. Batu Tulis, Batu, Jawa Timur');
    expect(addressLine(['Kawasan Coban Rondo, Pujon', 'Malang', 'Jawa Timur'])).toBe(
      'Kawasan Coban Rondo, Pujon, Malang, Jawa Timur',
    );
  });
  it("joins a hotel's address and city", () => {
    expect(addressLine(['Jl. Malioboro No. 60, Gedong Tengen, Yogyakarta', 'Yogyakarta'])).toBe(
      'Jl. Malioboro No. 60, Gedong Tengen, Yogyakarta',
    );
    expect(addressLine(['Jl. Pemuda No. 1', 'Semarang'])).toBe('Jl. Pemuda No. 1, Semarang');
    // The town before the province already.
    expect(addressLine(['Jl. Raya Sayan, Ubud, Gianyar, Bali', 'Gianyar'])).toBe('Jl. Raya Sayan, Ubud, Gianyar, Bali');
  });
  it('leaves out an empty part', () => {
    expect(addressLine(['Jl. Soekarno Hatta', ' ', undefined, 'Nusa Tenggara Timur'])).toBe(
      'Jl. Soekarno Hatta, Nusa Tenggara Timur',
    );
  });
});
