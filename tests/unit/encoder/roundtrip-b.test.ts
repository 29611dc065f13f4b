import { roundTripSuite } from './roundtrip.ts';

roundTripSuite(1000, 1000);
