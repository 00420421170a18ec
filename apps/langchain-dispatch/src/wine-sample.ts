/** Thirteen rows of the UCI wine data (alcohol %, malic acid g/l, proline mg/l, cultivar), enough to compute real statistics offline. */
export const wineSample: ReadonlyArray<{ readonly alcohol: number; readonly malicAcid: number; readonly proline: number; readonly cultivar: 0 | 1 | 2 }> = [
  { alcohol: 14.23, malicAcid: 1.71, proline: 1065, cultivar: 0 },
  { alcohol: 13.2, malicAcid: 1.78, proline: 1050, cultivar: 0 },
  { alcohol: 13.16, malicAcid: 2.36, proline: 1185, cultivar: 0 },
  { alcohol: 14.37, malicAcid: 1.95, proline: 1480, cultivar: 0 },
  { alcohol: 13.24, malicAcid: 2.59, proline: 735, cultivar: 0 },
  { alcohol: 12.37, malicAcid: 0.94, proline: 520, cultivar: 1 },
  { alcohol: 12.33, malicAcid: 1.1, proline: 680, cultivar: 1 },
  { alcohol: 12.64, malicAcid: 1.36, proline: 450, cultivar: 1 },
  { alcohol: 13.67, malicAcid: 1.25, proline: 630, cultivar: 1 },
  { alcohol: 12.86, malicAcid: 1.35, proline: 630, cultivar: 2 },
  { alcohol: 12.88, malicAcid: 2.99, proline: 530, cultivar: 2 },
  { alcohol: 12.81, malicAcid: 2.31, proline: 560, cultivar: 2 },
  { alcohol: 12.7, malicAcid: 3.55, proline: 600, cultivar: 2 },
];
