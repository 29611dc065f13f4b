import { roundTripSuite } from './roundtrip.ts';

roundTripSuite(0, 1000);
